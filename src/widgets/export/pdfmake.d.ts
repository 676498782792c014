// pdfmake 0.3.11 ships no types; the little the export uses of its browser build.
declare module 'pdfmake/build/pdfmake.js' {
  interface PdfDocument {
    getBlob(): Promise<Blob>;
  }
  const pdfMake: {
    addVirtualFileSystem(files: Record<string, string>): void;
    setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
    createPdf(definition: Record<string, unknown>): PdfDocument;
  };
  export default pdfMake;
}
declare module 'pdfmake/build/vfs_fonts.js' {
  const files: Record<string, string>;
  export default files;
}
