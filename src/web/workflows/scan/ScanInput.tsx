import { memo, useCallback, useRef } from 'react';
import { CameraView } from './CameraView';
import { CodeInput } from './CodeInput';

/**
 * The two ways a code arrives, handled alike: typed by a scanner (or a person), or read by the
 * camera. Kept out of the screen's render after each scan (the handler it calls is always the
 * latest, through a ref): the feedback of a scan is then the only thing drawn again with its count.
 */
const Inputs = memo(({ onCode }: { onCode: (code: string) => void }) => (
  <div>
    <CodeInput onCode={onCode} />
    <div style={{ marginTop: 8 }}>
      <CameraView onCode={onCode} />
    </div>
  </div>
));

export const ScanInput = ({ onCode }: { onCode: (code: string) => void }) => {
  const latest = useRef(onCode);
  latest.current = onCode;
  const stable = useCallback((code: string) => latest.current(code), []);
  return <Inputs onCode={stable} />;
};
