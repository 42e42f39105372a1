import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

// The real providers need a browser (cookies, i18n detection); the tag rule does not.
vi.mock('../../src/web/providers/access-control', () => ({ allowed: async () => true }));
vi.mock('../../src/web/providers/session', () => ({ currentUser: () => undefined }));

const { Authorized, checkPermissionTag, PERMISSION_TAG_REQUIRED } = await import('../../src/web/engine/Authorized');

const render = (permission: string) =>
  renderToString(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(Authorized, { permission, children: createElement('button', null, 'Export') }),
    ),
  );

describe('Authorized (SPEC 5 permission tag)', () => {
  it('raises the SPEC message for an empty or blank permission', () => {
    expect(() => checkPermissionTag('')).toThrow(PERMISSION_TAG_REQUIRED);
    expect(() => checkPermissionTag('   ')).toThrow(PERMISSION_TAG_REQUIRED);
    expect(() => checkPermissionTag(undefined)).toThrow(PERMISSION_TAG_REQUIRED);
    expect(() => render('')).toThrow('please set the operation permission tag value');
  });

  it('keeps a named permission and shows nothing before the policy answers', () => {
    expect(checkPermissionTag('organizations.export')).toBe('organizations.export');
    expect(render('organizations.export')).not.toContain('Export');
  });
});
