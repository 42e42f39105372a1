import type { NotificationProvider } from '@refinedev/core';
import { feedback } from './feedback';

/**
 * Refine's success messages ("Successfully created ...") as antd toasts. Errors are left out on
 * purpose: the HTTP client already toasted the server's message for 5 s (SPEC 8).
 */
export const notificationProvider: NotificationProvider = {
  open: ({ type, message, description, key }) => {
    if (type !== 'success') return;
    void feedback.message.success({ content: description || message, key: key ? String(key) : undefined });
  },
  close: (key) => feedback.message.destroy(key),
};
