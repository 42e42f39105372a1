import { useEffect } from 'react';
import { App } from 'antd';
import { feedback } from '../providers/feedback';

/** Hands antd's context-aware message and modal to code outside React (providers/feedback.ts). */
export const FeedbackBridge = () => {
  const { message, modal } = App.useApp();
  useEffect(() => {
    feedback.message = message;
    feedback.modal = modal;
  }, [message, modal]);
  return null;
};
