import { CameraView } from './CameraView';
import { CodeInput } from './CodeInput';

/** The two ways a code arrives, handled alike: typed by a scanner (or a person), or read by the camera. */
export const ScanInput = ({ onCode }: { onCode: (code: string) => void }) => (
  <div>
    <CodeInput onCode={onCode} />
    <div style={{ marginTop: 8 }}>
      <CameraView onCode={onCode} />
    </div>
  </div>
);
