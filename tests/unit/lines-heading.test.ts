import { translators } from '../helpers/translators';
import { beforeAll, describe, expect, it } from 'vitest';
import { inbounds } from '../../resources/inbounds';
import { outbounds } from '../../resources/outbounds';
import { formUiSchema } from '../../src/web/engine/form-schema';

let translate: Awaited<ReturnType<typeof translators>>;
beforeAll(async () => {
  translate = await translators();
});

describe("a document form's lines", () => {
  it('are headed once, by their section, in every language', () => {
    for (const t of Object.values(translate))
      for (const def of [inbounds, outbounds]) {
        expect(formUiSchema(def, t).lines['ui:title']).toBe('');
        // Fields beside them keep their labels.
        expect(formUiSchema(def, t).remarks['ui:title']).toBe(t(`${def.name}.fields.remarks`));
      }
  });
});
