import { ArchiveTable, archiveTableStyles } from '../archive-table/index.ts';

/** View 2 "archive" (SPEC §2), loaded when first shown; it follows the shared period by itself. */
export function ArchiveView({ loginUrl, accessUrl }: { loginUrl: string; accessUrl: string }) {
  return (
    <>
      <style>{archiveTableStyles}</style>
      <ArchiveTable loginUrl={loginUrl} accessUrl={accessUrl} />
    </>
  );
}
