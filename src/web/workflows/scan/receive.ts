import { http } from '../../providers/http';

/** The customer's SKU a barcode names, to say which product was refused. */
export const skuOfBarcode = async (organizationId: number, barcode: string) =>
  (
    await http.get<{ rows: { id: number; title: string }[] }>('/products/skus', {
      query: { organizationId, barcode, pageSize: 1 },
      silent: true,
      notify: false,
    })
  ).rows[0];
