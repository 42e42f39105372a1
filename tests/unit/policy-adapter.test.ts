import { readFileSync } from 'node:fs';
import { newEnforcer, newModelFromString, StringAdapter } from 'casbin';
import { describe, expect, it } from 'vitest';
import { linesAdapter } from '../../src/domain/policy-adapter';
import { formatPolicyCsv, parsePolicyCsv } from '../../src/server/access/policy-store';

const model = () => newModelFromString(readFileSync('policies/model.conf', 'utf8'));
const lines = parsePolicyCsv(readFileSync('policies/policy.csv', 'utf8'));

describe('linesAdapter', () => {
  it('gives the enforcer Casbin’s own CSV adapter gives for the shipped policy', async () => {
    const ours = await newEnforcer(model(), linesAdapter(lines));
    const theirs = await newEnforcer(model(), new StringAdapter(formatPolicyCsv(lines)));
    expect(await ours.getPolicy()).toEqual(await theirs.getPolicy());
    expect(await ours.getGroupingPolicy()).toEqual(await theirs.getGroupingPolicy());
    const roles = [...new Set(lines.map((l) => l.values[0]))];
    const objects = [...new Set(lines.filter((l) => l.ptype === 'p').map((l) => l.values[1]))];
    expect(roles.length).toBeGreaterThan(1);
    for (const role of roles)
      for (const object of [...objects, 'no.such.object'])
        expect(await ours.enforce(role, object), `${role} ${object}`).toBe(await theirs.enforce(role, object));
    // Every role against every object of a policy that grows with each resource: about 2 s alone,
    // several times that beside the other unit files on two busy cores.
  }, 60_000);

  it('is read-only: the live policy is edited in casbin_rule', async () => {
    const enforcer = await newEnforcer(model(), linesAdapter(lines));
    await expect(enforcer.addPolicy('someone', 'organizations', '1')).rejects.toThrow(/casbin_rule/);
  });
});
