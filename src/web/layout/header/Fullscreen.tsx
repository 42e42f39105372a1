import { useEffect, useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Fullscreen toggle; where the browser cannot, the warning of SPEC 2. */
export const Fullscreen = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('layout.fullscreen.unsupported'));
      return;
    }
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
      () => message.warning(t('layout.fullscreen.unsupported')),
    );
  };
  const label = t(full ? 'layout.fullscreen.exit' : 'layout.fullscreen.enter');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
        aria-label={label}
        data-testid="fullscreen"
      />
    </Tooltip>
  );
};
