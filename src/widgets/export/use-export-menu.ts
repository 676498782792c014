import { useCallback, useMemo } from 'react';
import { useHost, type Translate } from '../../runtime/hooks.ts';
import { EXPORT_FORMATS, type ExportFormat, type ExportMenuProps } from './export-api.ts';

/**
 * What every element's <ExportMenu> is given alike: its texts (the `chart` labels: chart:export,
 * chart:export_print … chart:export_svg, in the page's language) and where a failure goes. SPEC §8:
 * export failures are not shown to the user, only logged with the element's tag.
 */
export function useExportMenu(t: Translate): Pick<ExportMenuProps, 'labels' | 'onError'> {
  const { tag } = useHost();
  const onError = useCallback(
    (error: unknown, format: ExportFormat) =>
      console.error(
        `fin-elements: <${tag}> ${format} export failed: ${(error as Error)?.message ?? String(error)}`,
      ),
    [tag],
  );
  const labels = useMemo(
    () => ({
      export: t('chart:export'),
      ...(Object.fromEntries(EXPORT_FORMATS.map((format) => [format, t(`chart:export_${format}`)])) as Record<
        ExportFormat,
        string
      >),
    }),
    [t],
  );
  return useMemo(() => ({ labels, onError }), [labels, onError]);
}
