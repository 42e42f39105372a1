// @vitest-environment happy-dom
import { act, createElement, useEffect, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import useMessage from '../../src/web/stand-ins/message-hook';
import useModal from '../../src/web/stand-ins/modal-hook';
import useNotification from '../../src/web/stand-ins/notification-hook';

/**
 * The stand-ins antd's <App> gets for useMessage, useModal and useNotification (src/web/stand-ins):
 * nothing loads before the first call, then the calls made meanwhile reach antd's real toasts,
 * boxes and notices.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mount = (hook: () => readonly [unknown, ReactElement]) => {
  const api: { current?: unknown } = {};
  const Host = () => {
    const [value, holder] = hook();
    useEffect(() => {
      api.current = value;
    }, [value]);
    return holder;
  };
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(createElement(Host)));
  return { api, unmount: () => act(() => root.unmount()) };
};

const waitFor = async <T>(find: () => T | null | undefined) => {
  for (;;) {
    const found = find();
    if (found) return found;
    await act(() => new Promise((resolve) => setTimeout(resolve)));
  }
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the lazy modal hook', () => {
  it('opens a confirm box called before its code loaded, and answers its then', async () => {
    const { api, unmount } = mount(useModal);
    expect(document.querySelector('.ant-modal')).toBeNull();
    const onOk = vi.fn();
    let handle!: ReturnType<ReturnType<typeof useModal>[0]['confirm']>;
    act(() => {
      handle = (api.current as ReturnType<typeof useModal>[0]).confirm({
        title: 'Discard the changes?',
        okText: 'Discard',
        onOk,
      });
    });
    const answer = handle.then(
      (confirmed) => confirmed,
      () => undefined,
    );
    const title = await waitFor(() => document.querySelector('.ant-modal-confirm-title'));
    expect(title.textContent).toBe('Discard the changes?');
    const ok = document.querySelector<HTMLButtonElement>('.ant-modal-confirm-btns .ant-btn-primary')!;
    expect(ok.textContent).toBe('Discard');
    act(() => ok.click());
    expect(await answer).toBe(true);
    unmount();
  });

  it('updates and closes a box through its handle', async () => {
    const { api, unmount } = mount(useModal);
    let handle!: ReturnType<ReturnType<typeof useModal>[0]['confirm']>;
    act(() => {
      handle = (api.current as ReturnType<typeof useModal>[0]).confirm({ title: 'First' });
      handle.update({ title: 'Second' });
    });
    await waitFor(() => document.querySelector('.ant-modal-confirm-title')?.textContent === 'Second');
    act(() => handle.destroy());
    // Closing: the box plays its leave motion (which never ends without a layout engine).
    await waitFor(() => document.querySelector('.ant-modal-confirm.ant-zoom-leave'));
    unmount();
  });
});

describe('the lazy notification hook', () => {
  it('shows a notice opened before its code loaded', async () => {
    const { api, unmount } = mount(() => useNotification());
    act(() => (api.current as ReturnType<typeof useNotification>[0]).info({ message: 'Saved' }));
    const notice = await waitFor(() => document.querySelector('.ant-notification-notice-message'));
    expect(notice.textContent).toBe('Saved');
    unmount();
  });
});

describe('the lazy message hook', () => {
  it('shows a toast asked for before its code loaded, and answers its then when it closes', async () => {
    const { api, unmount } = mount(() => useMessage());
    let closed!: PromiseLike<boolean>;
    act(() => {
      closed = (api.current as ReturnType<typeof useMessage>[0]).success('Saved', 0.05);
    });
    const notice = await waitFor(() => document.querySelector('.ant-message-notice-content'));
    expect(notice.textContent).toBe('Saved');
    expect(await closed).toBe(true);
    unmount();
  });

  it('closes a toast through its handle, even one closed before it showed', async () => {
    const { api, unmount } = mount(() => useMessage());
    let hide!: () => void;
    act(() => {
      const message = api.current as ReturnType<typeof useMessage>[0];
      message.loading('Early', 0)();
      hide = message.loading('Working', 0);
    });
    await waitFor(() => document.querySelector('.ant-message-notice-content')?.textContent === 'Working');
    expect([...document.querySelectorAll('.ant-message-notice-content')].map((n) => n.textContent)).toEqual([
      'Working',
    ]);
    act(() => hide());
    // Closing: the toast plays its leave motion (which never ends without a layout engine).
    await waitFor(() => document.querySelector('.ant-message-notice-wrapper.ant-message-move-up-leave'));
    unmount();
  });
});
