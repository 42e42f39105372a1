import { describe, expect, it } from 'vitest';
import { ChangeFeed, parseNote, type RowsChanged } from '../../src/server/db/changes';

const heard = (tables: string[], notes: string | null) => {
  const feed = new ChangeFeed();
  const out: [string | null, RowsChanged | undefined][] = [];
  feed.on((table, rows) => out.push([table, rows]));
  feed.emitCommitted(tables, notes);
  return out;
};

describe("a committed transaction's changes", () => {
  it("tells each table once with the rows its statements' notes name together", () => {
    const notes = ['{"t":"products","i":[5],"o":[1]}', '{"t":"products","i":[6,5],"o":[2]}', ''].join('\n');
    expect(heard(['products', 'products'], notes)).toEqual([['products', { ids: [5, 6], orgs: [1, 2] }]]);
  });

  it('tells the columns its updates changed together, and none when a row also came or went', () => {
    const updates = [
      '{"t":"products","i":[5],"o":[1],"c":["name_en"]}',
      '{"t":"products","i":[6],"o":[1],"c":["status"]}',
    ];
    expect(heard(['products'], updates.join('\n'))).toEqual([
      ['products', { ids: [5, 6], orgs: [1], columns: ['name_en', 'status'] }],
    ]);
    const withInsert = [...updates, '{"t":"products","i":[7],"o":[1]}'].join('\n');
    expect(heard(['products'], withInsert)).toEqual([['products', { ids: [5, 6, 7], orgs: [1], columns: undefined }]]);
    expect(heard(['products'], withInsert)[0][1]?.columns).toBeUndefined();
  });

  it('tells the whole table when one note lists no rows (too many, or a TRUNCATE) or none was noted', () => {
    const notes = '{"t":"products","i":[5],"o":[1]}\n{"t":"products"}\n';
    expect(heard(['products', 'audit_log'], notes)).toEqual([
      ['products', undefined],
      ['audit_log', undefined],
    ]);
    // Ids too many, organizations known: the organizations still narrow it.
    expect(heard(['products'], '{"t":"products","o":[3]}')).toEqual([['products', { ids: undefined, orgs: [3] }]]);
  });

  it('tells nothing of a statement that changed no row', () => {
    expect(heard(['products'], '{"t":"products","i":[],"o":[]}\n')).toEqual([]);
    expect(heard(['skus'], '{"t":"skus","i":[]}\n')).toEqual([]);
  });

  it("reads another instance's notification as a note or a bare table name", () => {
    expect(parseNote('{"t":"skus","i":[9]}')).toEqual({ table: 'skus', rows: { ids: [9], orgs: undefined } });
    expect(parseNote('{"t":"skus","i":[9],"c":["title"]}').rows).toEqual({ ids: [9], columns: ['title'] });
    expect(parseNote('casbin_rule')).toEqual({ table: 'casbin_rule' });
  });
});
