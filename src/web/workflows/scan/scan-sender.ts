import { http } from '../../providers/http';
import { currentUser, onSessionChange } from '../../providers/session';
import { deviceName } from './device';
import { nextBatch, sentScan } from './scan-batches';
import { scanLog } from './scan-log';
import type { LoggedScan, TrayScan } from './scan-log-types';
import type { ScanTotals } from '../../../domain/scan-totals';
import { sendFailure } from './send-failure';

/** While scans wait, they are tried again this often (besides when the browser says it is online). */
const RETRY_MS = 5_000;
/** Held by the one tab sending the log: two tabs of the same device never send it both. */
const LOCK = 'scan-log-sender';

export interface SendState {
  /** The network is away: the scans wait on the device. */
  offline: boolean;
  /** The session ended: the scans wait until the worker signs in again. */
  signedOut: boolean;
  /** The server did not take the last batch (busy, restarting): it is sent again shortly. */
  serverBusy: boolean;
}

interface Answer extends ScanTotals {
  scans: { id: string; counted: boolean; refusal: string | null; message: string | null }[];
}

type AnswerListener = (scans: LoggedScan[], totals: ScanTotals) => void;

let state: SendState = { offline: false, signedOut: false, serverBusy: false };
const stateListeners = new Set<() => void>();
const answerListeners = new Set<AnswerListener>();

const setState = (next: Partial<SendState>) => {
  if (Object.entries(next).every(([k, v]) => state[k as keyof SendState] === v)) return;
  state = { ...state, ...next };
  stateListeners.forEach((listener) => listener());
};

/** The server's result of each scan of a batch: all leave the log, those it refused after the device counted them go to the tray. */
async function settle(batch: LoggedScan[], answer: Answer) {
  const sent = new Map(batch.map((s) => [s.id, s]));
  const refused: TrayScan[] = [];
  for (const result of answer.scans) {
    const scan = sent.get(result.id);
    if (scan?.countedHere && !result.counted)
      refused.push({ ...scan, message: result.message ?? result.refusal ?? '' });
  }
  // The totals first, naming these scans as counted, then out of the log: never shown twice nor missing.
  answerListeners.forEach((listener) =>
    listener(batch, { lines: answer.lines, lots: answer.lots, users: answer.users }),
  );
  await scanLog.settle([...sent.keys()], refused);
}

/** Sends the stored log a batch at a time, oldest first, until it is empty or a request fails. */
async function sendAll() {
  for (;;) {
    const batch = nextBatch((await scanLog.stored()).waiting);
    if (!batch.length) return;
    const { document, documentId } = batch[0];
    let answer: Answer;
    try {
      answer = await http.post<Answer>(
        `/inventory/${document}/${documentId}/scans`,
        { device: deviceName(), scans: batch.map(sentScan) },
        { silent: true, notify: false },
      );
    } catch (error) {
      const failure = sendFailure(error as { statusCode?: number; code?: number });
      if (failure !== 'refused')
        return setState({ offline: failure === 'offline', signedOut: failure === 'signedOut' });
      const message = error instanceof Error ? error.message : String(error);
      await scanLog.settle(
        batch.map((s) => s.id),
        batch.map((s) => ({ ...s, message })),
      );
      continue;
    }
    setState({ offline: false, signedOut: false, serverBusy: false });
    await settle(batch, answer);
  }
}

const withLock = (task: () => Promise<void>) => ('locks' in navigator ? navigator.locks.request(LOCK, task) : task());

let running = false;
let again = false;

/** Sends the log now, unless this tab is sending it already (then once more after), or it cannot. */
function sendSoon() {
  if (!navigator.onLine) return setState({ offline: true });
  if (state.signedOut) return;
  if (running) {
    again = true;
    return;
  }
  running = true;
  void withLock(sendAll)
    .catch(() => undefined)
    .finally(() => {
      running = false;
      if (!again) return;
      again = false;
      sendSoon();
    });
}

let started = false;

/**
 * Starts sending the scan log, once per page: when a scan is stored, when the browser is back
 * online, when the worker signs in again, and every few seconds while scans wait.
 */
export function startSending() {
  if (started) return;
  started = true;
  setState({ offline: !navigator.onLine });
  scanLog.subscribe(() => {
    if (scanLog.snapshot().waiting.length) sendSoon();
  });
  window.addEventListener('online', () => {
    setState({ offline: false });
    sendSoon();
  });
  window.addEventListener('offline', () => setState({ offline: true }));
  onSessionChange(() => {
    if (!currentUser()) return;
    setState({ signedOut: false });
    sendSoon();
  });
  setInterval(() => {
    if (scanLog.snapshot().waiting.length) sendSoon();
  }, RETRY_MS);
}

export const sender = {
  state: () => state,
  subscribe: (listener: () => void) => {
    stateListeners.add(listener);
    return () => {
      stateListeners.delete(listener);
    };
  },
  /** Told each batch the server answered, with the document's totals after it. */
  onAnswer: (listener: AnswerListener) => {
    answerListeners.add(listener);
    return () => {
      answerListeners.delete(listener);
    };
  },
};
