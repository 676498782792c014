import { ISSUER_REPORT_SECTIONS, type IssuerReportSection } from '../../contract/company.ts';

/**
 * The `sections` attribute: ids separated by spaces or commas, in any order (shown in SPEC
 * order). Unknown ids are reported so a template typo is not silently an empty block.
 */
export function parseSections(attribute: string | undefined): {
  sections: IssuerReportSection[] | null;
  unknown: string[];
} {
  const ids = (attribute ?? '').split(/[\s,]+/).filter(Boolean);
  if (ids.length === 0) return { sections: null, unknown: [] };
  const known = ISSUER_REPORT_SECTIONS as readonly string[];
  return {
    sections: ISSUER_REPORT_SECTIONS.filter((id) => ids.includes(id)),
    unknown: ids.filter((id) => !known.includes(id)),
  };
}
