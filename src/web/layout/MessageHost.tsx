import { useEffect } from 'react';
import useMessage from '../stand-ins/message-hook';
import { feedback } from '../providers/feedback';

/**
 * The login page's toasts, themed and in its language, without antd's whole <App>: its modal and
 * notification code would join the login page's first load (issue 13). The signed-in shell has
 * <App> and its FeedbackBridge instead.
 */
export const MessageHost = () => {
  const [api, holder] = useMessage();
  useEffect(() => {
    const previous = feedback.message;
    feedback.message = api;
    return () => {
      feedback.message = previous;
    };
  }, [api]);
  return holder;
};
