import { message as staticMessage, Modal } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * Toasts and confirm boxes for code outside React (the HTTP client, the auth provider). The app
 * shell replaces the static fallbacks with the instances of antd's <App> so they follow the theme
 * and locale (see layout/FeedbackBridge.tsx).
 */
export const feedback: { message: MessageInstance; modal: Pick<ModalHookAPI, 'confirm'> } = {
  message: staticMessage,
  modal: { confirm: Modal.confirm as unknown as ModalHookAPI['confirm'] },
};

/** Error toasts stay 5 seconds (SPEC 9). */
export const ERROR_SECONDS = 5;
