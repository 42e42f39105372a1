import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { workflowExtensions } from '../../src/web/workflows';

describe("the workflows' panels handed to the engine", () => {
  it('are each for a declared resource', () => {
    const names = new Set(resources.map((r) => r.name));
    const keys = [...Object.keys(workflowExtensions.detail), ...Object.keys(workflowExtensions.row)];
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => !names.has(key))).toEqual([]);
  });
});
