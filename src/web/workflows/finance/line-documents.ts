import { useQuery } from '@tanstack/react-query';
import { resourceByName } from '../../../../resources';
import { recordScreenPath } from '../../../domain/resource';
import { LIST_MAX } from '../../providers/all-pages';
import { http } from '../../providers/http';
import type { BillLine } from './bill-lines';

/**
 * The document an event's charge names by its number (an expense's documentNo, which its bill line
 * was written with), by the line's fee type: inbound and outbound handling, and transport, whose
 * number is the mall order's (server/workflows/finance/event-expenses.ts).
 */
const DOCUMENT_OF_FEE: Record<number, string> = { 2: 'inbounds', 3: 'outbounds', 4: 'orders' };

/** The numbers the lines name, by the resource they number. */
const numbersByResource = (lines: BillLine[]) => {
  const out = new Map<string, Set<string>>();
  for (const line of lines) {
    const resource = DOCUMENT_OF_FEE[line.feeType];
    if (!resource || line.expenseId == null || !line.description) continue;
    if (!out.has(resource)) out.set(resource, new Set());
    out.get(resource)!.add(line.description);
  }
  return [...out].map(([resource, numbers]) => [resource, [...numbers].sort()] as const);
};

/**
 * Each charged line's document as a path to its detail screen, found by its number (`orderNo_in`,
 * within what the viewer may see): a line whose description was rewritten, or whose document the
 * viewer may not read, names none and stays text.
 */
export const useLineDocuments = (lines: BillLine[], enabled: boolean) => {
  const wanted = numbersByResource(lines);
  const found = useQuery({
    queryKey: ['bill-line-documents', wanted],
    enabled: enabled && wanted.length > 0,
    queryFn: async () => {
      const paths = new Map<string, string>();
      for (const [resource, numbers] of wanted) {
        const def = resourceByName(resource)!;
        for (let at = 0; at < numbers.length; at += LIST_MAX) {
          const part = numbers.slice(at, at + LIST_MAX);
          const page = await http
            .get<{ rows: { id: number; orderNo: string }[] }>(def.api, {
              query: { orderNo_in: part.join(','), pageSize: part.length },
              silent: true,
              notify: false,
            })
            .catch(() => ({ rows: [] }));
          for (const row of page.rows) paths.set(`${resource}:${row.orderNo}`, recordScreenPath(def, 'show', row.id));
        }
      }
      return paths;
    },
  });
  return (line: BillLine) =>
    line.expenseId == null ? undefined : found.data?.get(`${DOCUMENT_OF_FEE[line.feeType]}:${line.description}`);
};
