import type { DocumentKind } from './documents';

/** One scan as this device took it, before the server has answered it. */
export interface LoggedScan {
  /** Made on the device: the server counts a scan once by it, however often it is sent. */
  id: string;
  document: DocumentKind;
  documentId: number;
  code: string;
  pieces: number;
  /** When it was scanned, on the device (ISO 8601). */
  at: string;
  /**
   * Whether the device counted it against the lines it had. A scan refused here was already told
   * as refused; one counted here and refused by the server goes to the tray for the worker.
   */
  countedHere: boolean;
}

/** A scan the server refused though the device had counted it: shown until the worker resolves it. */
export interface TrayScan extends LoggedScan {
  message: string;
}
