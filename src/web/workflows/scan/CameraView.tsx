import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Select, Space } from 'antd';
import { BulbOutlined, CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { makeDetector } from './detector';

/** One frame in this many milliseconds is read: enough for a hand moving a label, light on a phone's battery. */
const FRAME_MS = 120;
/** The same code seen again within this time is the same label still in view, not a second scan. */
const SAME_LABEL_MS = 1500;

/**
 * The phone's camera as a scanner: the back lens by default, a picker for the others (the lens a
 * browser picks first is sometimes one that cannot focus near), the torch where the lens has one.
 */
export const CameraView = ({ onCode }: { onCode: (code: string) => void }) => {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [lenses, setLenses] = useState<MediaDeviceInfo[]>([]);
  const [lens, setLens] = useState<string>();
  const [track, setTrack] = useState<MediaStreamTrack>();
  const [torch, setTorch] = useState(false);
  const [failed, setFailed] = useState(false);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const last = { code: '', at: 0 };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: lens
            ? { deviceId: { exact: lens } }
            : { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
          audio: false,
        });
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        const [videoTrack] = stream.getVideoTracks() as MediaStreamTrack[];
        setTrack(videoTrack);
        setLenses((await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput'));
        video.current!.srcObject = stream;
        await video.current!.play();
        const detector = await makeDetector();
        const read = async () => {
          if (stopped) return;
          const frame = video.current;
          if (frame && frame.readyState >= 2) {
            const [found] = await detector.detect(frame).catch(() => []);
            const now = performance.now();
            if (found && (found.rawValue !== last.code || now - last.at > SAME_LABEL_MS))
              handler.current(found.rawValue);
            if (found) Object.assign(last, { code: found.rawValue, at: now });
          }
          timer = setTimeout(read, FRAME_MS);
        };
        void read();
      } catch {
        setFailed(true);
        setOn(false);
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      setTrack(undefined);
      setTorch(false);
    };
  }, [on, lens]);

  // `torch` is not in TypeScript's DOM types yet; Chrome on Android reports it for lenses with a light.
  const hasTorch = Boolean((track?.getCapabilities?.() as { torch?: boolean } | undefined)?.torch);
  const switchTorch = async () => {
    await track?.applyConstraints({ advanced: [{ torch: !torch } as MediaTrackConstraintSet] }).catch(() => undefined);
    setTorch(!torch);
  };

  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button
          size="large"
          icon={<CameraOutlined />}
          type={on ? 'default' : 'primary'}
          onClick={() => {
            setFailed(false);
            setOn(!on);
          }}
          data-testid="scan-camera"
        >
          {t(on ? 'scan.stopCamera' : 'scan.startCamera')}
        </Button>
        {on && lenses.length > 1 && (
          <Select
            size="large"
            style={{ minWidth: 160 }}
            aria-label={t('scan.lens')}
            placeholder={t('scan.lens')}
            value={lens ?? track?.getSettings().deviceId}
            onChange={setLens}
            options={lenses.map((d, i) => ({ value: d.deviceId, label: d.label || `${t('scan.lens')} ${i + 1}` }))}
          />
        )}
        {on && hasTorch && (
          <Button size="large" icon={<BulbOutlined />} type={torch ? 'primary' : 'default'} onClick={switchTorch}>
            {t('scan.torch')}
          </Button>
        )}
      </Space>
      {failed && <Alert type="warning" showIcon message={t('scan.noCamera')} style={{ marginBottom: 8 }} />}
      {on && (
        <video
          ref={video}
          muted
          playsInline
          data-testid="scan-video"
          style={{ width: '100%', maxHeight: 280, objectFit: 'cover', background: '#000', borderRadius: 8 }}
        />
      )}
    </div>
  );
};
