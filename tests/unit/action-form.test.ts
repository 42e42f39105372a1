import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import type { EntitySchema } from '../../src/domain/resource';
import { formSchema } from '../../src/web/engine/form-schema';

describe("an action's dialog form", () => {
  it("prints none of the contract's English descriptions under its fields", () => {
    const deliveries = resourceByName('deliveries')!;
    const input = deliveries.workflow!.machine!.actions.sign.input as EntitySchema;
    // The contract describes the fields (the API document needs it) ...
    expect(Object.values(input.properties).some((field) => field.description)).toBe(true);
    // ... the form, whose labels and placeholders are translated, does not repeat it.
    const form = formSchema({ ...deliveries, schema: input });
    expect(
      Object.values(form.properties ?? {}).map((field) => (field as { description?: string }).description),
    ).toEqual(Object.keys(input.properties).map(() => undefined));
  });
});
