import { http } from '../../providers/http';

export interface ReceiveLine {
  skuId: number;
  title: string;
  barcode: string | null;
  expected: number;
  scanned: number;
}

type Rows<T> = { rows: T[] };

/** An inbound's lines summed per SKU (one SKU may sit on several lines), with each SKU's barcode. */
export async function receiveLines(inboundId: number): Promise<ReceiveLine[]> {
  const lines = await http.get<Rows<{ skuId: number; pieces: number }>>(`/inventory/inbounds/${inboundId}/lines`, {
    query: { pageSize: 1000 },
  });
  const ids = [...new Set(lines.rows.map((l) => l.skuId))];
  const skus = await http.get<Rows<{ id: number; title: string; barcode?: string | null }>>('/products/skus', {
    query: { id_in: ids.join(','), pageSize: 1000 },
  });
  const skuOf = new Map(skus.rows.map((s) => [s.id, s]));
  return ids.map((skuId) => ({
    skuId,
    title: skuOf.get(skuId)?.title ?? String(skuId),
    barcode: skuOf.get(skuId)?.barcode ?? null,
    expected: lines.rows.filter((l) => l.skuId === skuId).reduce((sum, l) => sum + l.pieces, 0),
    scanned: 0,
  }));
}

/** The customer's SKU a barcode names, to say which product was refused. */
export const skuOfBarcode = async (organizationId: number, barcode: string) =>
  (
    await http.get<Rows<{ id: number; title: string }>>('/products/skus', {
      query: { organizationId, barcode, pageSize: 1 },
      silent: true,
      notify: false,
    })
  ).rows[0];
