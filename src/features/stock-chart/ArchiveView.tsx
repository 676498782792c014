import { ArchiveTable } from '../archive-table/index.ts';

/**
 * View 2 "archive" (SPEC §2), loaded when first shown; it follows the period of the chart's
 * page-data block by itself.
 */
export function ArchiveView({
  pageData,
  loginUrl,
  accessUrl,
}: {
  pageData: string;
  loginUrl: string;
  accessUrl: string;
}) {
  return (
    <>
      <ArchiveTable pageData={pageData} loginUrl={loginUrl} accessUrl={accessUrl} />
    </>
  );
}
