// One document's conversion as the listener and its job folder both see it.
/** What LibreOffice should do with one document (filter names as in LibreOffice's filter list). */
export interface OfficeJob {
  input: string;
  output: string;
  exportFilter: string;
  importFilter?: string;
  /** The import filter's option string, e.g. `UTF8,LF` for text. */
  importOptions?: string;
  /** Spreadsheets: scale every sheet to one page wide. */
  fitSheetsToWidth?: boolean;
  /** PDF export: only these pages (`1` for a first-page preview), in the filter's range syntax. */
  pageRange?: string;
}
