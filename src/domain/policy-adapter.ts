import type { Adapter } from 'casbin';

export interface PolicyLine {
  ptype: string;
  values: string[];
}

const readOnly = async () => {
  throw new Error('The policy is edited in casbin_rule; the enforcer is rebuilt from it.');
};

/**
 * Policy lines handed to Casbin as the arrays they already are. Casbin's StringAdapter runs
 * csv-parse over every line, and its model.addPolicy looks for a duplicate among all lines before
 * each (quadratic): for our few hundred lines either was a twentieth of a warm restart. Appended
 * as StringAdapter's loader appends them, the same model file and lines give the same enforcer.
 */
export const linesAdapter = (lines: PolicyLine[]): Adapter => ({
  async loadPolicy(model) {
    for (const { ptype, values } of lines) model.model.get(ptype[0])?.get(ptype)?.policy.push(values);
  },
  savePolicy: readOnly,
  addPolicy: readOnly,
  removePolicy: readOnly,
  removeFilteredPolicy: readOnly,
});
