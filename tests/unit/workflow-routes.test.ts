import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { buttonPermission } from '../../src/domain/resource';
import { buttonsOf } from '../../src/domain/workflow';
import { transitionRoutes } from '../../src/server/engine/transition';
import { installContract } from '../../src/server/plugins/contract';
import { API_PREFIX } from '../../src/server/plugins/envelope';
import { effects } from '../../src/server/workflows/effects/index';
import { WORKFLOW_RESOURCES } from '../helpers/workflow-resources';

const withMachine = resources.filter((r) => r.workflow?.machine);

describe('the routes generated from the declared state machines', () => {
  it('document every action with a button, from its declaration, and no event', async () => {
    const app = Fastify();
    await installContract(app, resources);
    const byName = (name: string) => resources.find((r) => r.name === name);
    await app.register(async (api) => withMachine.forEach((r) => transitionRoutes(api, r, effects, byName)), {
      prefix: API_PREFIX,
    });
    await app.ready();
    const doc = app.swagger() as { paths: Record<string, Record<string, any>> };
    expect(withMachine.map((r) => r.name).sort()).toEqual([...WORKFLOW_RESOURCES].sort());
    for (const r of withMachine) {
      const machine = r.workflow!.machine!;
      for (const [action, a] of Object.entries(machine.actions)) {
        const op = doc.paths[`${API_PREFIX}${r.api}/{id}/${action}`]?.post;
        if (a.button === false) {
          expect(op, `${r.name}.${action} is an event`).toBeUndefined();
          continue;
        }
        expect(op, `${r.name}.${action}`).toBeTruthy();
        expect(op.summary).toBe(a.summary);
        expect(op['x-permission']).toBe(buttonPermission(r, action));
        const body = op.requestBody.content['application/json'].schema;
        expect(Object.keys(body.properties).sort()).toEqual(
          [...Object.keys(a.input?.properties ?? {}), 'version'].sort(),
        );
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '403', '404']));
      }
      expect(buttonsOf(machine).length).toBeGreaterThan(0);
    }
    await app.close();
  });

  it('name only effects the registry has, and every effect is named by some action', () => {
    const named = withMachine.flatMap((r) =>
      Object.values(r.workflow!.machine!.actions).flatMap((a) => (a.effect ? [a.effect] : [])),
    );
    expect(named.filter((e) => !effects[e])).toEqual([]);
    expect(Object.keys(effects).filter((e) => !named.includes(e))).toEqual([]);
  });
});
