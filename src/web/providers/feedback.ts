import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { lazyMessageApi } from '../stand-ins/message-hook';

/**
 * Toasts and confirm boxes for code outside React (the HTTP client, the auth provider). The app
 * shell replaces the fallbacks with the instances of antd's <App> so they follow the theme and
 * locale (see layout/FeedbackBridge.tsx). The fallbacks load antd's message and Modal only when
 * used: the login page, which has no <App>, never asks for a confirm box.
 */
export const feedback: { message: MessageInstance; modal: { confirm: (props: ModalFuncProps) => void } } = {
  message: lazyMessageApi((show) => void import('antd/es/message').then(({ default: message }) => show(message))),
  modal: { confirm: (props) => void import('antd/es/modal').then(({ default: Modal }) => Modal.confirm(props)) },
};

/** Error toasts stay 5 seconds (SPEC 9). */
export const ERROR_SECONDS = 5;
