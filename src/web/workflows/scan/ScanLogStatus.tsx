import type { TrayScan } from './scan-log-types';
import { scanLog } from './scan-log';
import { ScanTray } from './ScanTray';
import { SendStatus } from './SendStatus';
import type { useScanLog } from './use-scan-log';

/**
 * Above a document's lines, for receiving and picking alike: what waits to be sent and why, and the
 * tray of scans the server refused. Scanning one again takes it out of the tray first.
 */
export const ScanLogStatus = ({
  log,
  onScanAgain,
}: {
  log: ReturnType<typeof useScanLog>;
  onScanAgain: (refused: TrayScan) => unknown;
}) => (
  <>
    <SendStatus
      waiting={log.waitingInAll}
      offline={log.offline}
      signedOut={log.signedOut}
      serverBusy={log.serverBusy}
    />
    <ScanTray
      tray={log.tray}
      onScanAgain={(refused) => {
        void scanLog.removeFromTray(refused.id);
        onScanAgain(refused);
      }}
      onRemove={(refused) => void scanLog.removeFromTray(refused.id)}
    />
  </>
);
