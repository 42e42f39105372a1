import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import schema from '../../schemas/webhooks.json';
import { translateErrors } from '../../src/web/engine/form-schema';

const t = ((key: string) => key) as unknown as Parameters<typeof translateErrors>[0];

describe('a list drawn whole by one widget', () => {
  it("shows its items' problems on the list itself, in the item's own words", () => {
    const [error] = translateErrors(
      t,
      schema as RJSFSchema,
    )([{ property: '.events.0', name: 'pattern', params: {}, stack: '' }]);
    expect(error).toMatchObject({ property: '.events', message: 'webhooks.messages.event' });
  });

  it('leaves an error on a field of its own where it is', () => {
    const [error] = translateErrors(
      t,
      schema as RJSFSchema,
    )([{ property: '.url', name: 'pattern', params: {}, stack: '' }]);
    expect(error).toMatchObject({ property: '.url', message: 'webhooks.messages.url' });
  });
});
