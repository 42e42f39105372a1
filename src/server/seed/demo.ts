import type { Queryable } from '../db/types';
import demo from './data/demo.json';

type Insert = (table: string, row: Record<string, unknown>) => Promise<number>;

/** INSERT of one row by column name, returning its id. */
const inserter =
  (q: Queryable): Insert =>
  async (table, row) => {
    const names = Object.keys(row);
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(row),
    );
    return id;
  };

const countryIds = async (q: Queryable) =>
  new Map((await q.query<{ code: string; id: number }>('SELECT code, id FROM countries')).map((c) => [c.code, c.id]));

/**
 * Bilingual master data worth looking at: partners, warehouses, 22 customer organizations with
 * contacts, addresses, communications, buyers and suppliers, a category tree and about 55 products
 * with SKUs, packing and tax lines. Deterministic, so screenshots and tests see the same data.
 */
export async function seedMasterData(q: Queryable): Promise<number[]> {
  const insert = inserter(q);
  const countries = await countryIds(q);

  const partnerIds: number[] = [];
  for (const [name, code, type, country] of demo.partners as [string, string, number, string][])
    partnerIds.push(
      await insert('partners', {
        partner_name: name,
        partner_code: code,
        partner_type: type,
        country_id: countries.get(country),
        status: 1,
        email: `ops@${code.toLowerCase()}.example.com`,
      }),
    );

  for (const [name, shortName, country, address, contact, timeZone] of demo.warehouses)
    await insert('warehouses', {
      name,
      short_name: shortName,
      time_zone: timeZone,
      country_id: countries.get(country!),
      address,
      contact_name: contact,
      phone: '+1 909 555 0100',
      email: `${shortName!.toLowerCase()}@wh.example.com`,
      title: 'Warehouse Manager',
      status: 1,
    });

  const organizationIds: number[] = [];
  const people = demo.people;
  for (const [index, [nameCn, nameEn, code, level, addressCn, addressEn]] of (
    demo.organizations as [string, string, string, number, string, string][]
  ).entries()) {
    const id = await insert('organizations', {
      organization_name: `${nameCn} ${nameEn}`,
      organization_code: code,
      level,
      company_name_cn: nameCn,
      company_name_en: nameEn,
      website: `https://www.${code.toLowerCase()}.example.com`,
      address_cn: addressCn,
      address_en: addressEn,
      start_date: `20${String(15 + (index % 10)).padStart(2, '0')}-0${1 + (index % 9)}-15`,
      partner_id: partnerIds[7 + (index % 3)],
      parent_id: index === 21 ? organizationIds[3] : null,
    });
    organizationIds.push(id);
    for (let k = 0; k < 2; k++) {
      const [cn, en] = people[(index + k * 3) % people.length];
      const [titleCn, titleEn] = demo.titles[(index + k) % demo.titles.length];
      const contactId = await insert('contacts', {
        organization_id: id,
        name_cn: cn,
        name_en: en,
        title_cn: titleCn,
        title_en: titleEn,
        phone: `+86 755 8${String(index).padStart(3, '0')} 66${k}0`,
        mobile: `+86 138 ${String(1000 + index * 7 + k).padStart(4, '0')} 5${k}21`,
        email: `${en.toLowerCase().replace(' ', '.')}@${code.toLowerCase()}.example.com`,
        status: k === 1 && index % 4 === 0 ? 0 : 1,
      });
      await insert('communications', {
        organization_id: id,
        contact_id: contactId,
        type: 1 + ((index + k) % 4),
        time: new Date(Date.UTC(2026, 9, 1 + index, 2 + k * 3)).toISOString(),
        content: k
          ? '确认下月两个 40HQ 的舱位需求 / Confirmed two 40HQ bookings for next month.'
          : '季度业务回顾，讨论美西仓储费用 / Quarterly review of US West Coast storage fees.',
      });
    }
    await insert('addresses', {
      organization_id: id,
      name: '总部 Head office',
      address: `${addressCn} / ${addressEn}`,
      contact: people[index % people.length][0],
      phone: '+86 755 8888 0000',
      email: `office@${code.toLowerCase()}.example.com`,
      is_default: true,
      status: 1,
    });
    await insert('addresses', {
      organization_id: id,
      name: 'US receiving 美国收货点',
      address: '2200 E Carson St, Long Beach, CA 90810',
      contact: 'Tom Baker',
      phone: '+1 562 555 0199',
      is_default: false,
      status: index % 3 ? 1 : 0,
    });
    await insert('buyers', {
      organization_id: id,
      name: 'Pacific Home Retail Inc.',
      name_en: 'Pacific Home Retail Inc.',
      country_id: countries.get('USA'),
      contact: 'Laura Smith',
      email: 'buying@pacifichome.example.com',
    });
    await insert('buyers', {
      organization_id: id,
      name: 'Nordhaus GmbH',
      name_en: 'Nordhaus GmbH',
      country_id: countries.get('DEU'),
      contact: 'Felix Braun',
      email: 'einkauf@nordhaus.example.com',
    });
    await insert('suppliers', {
      organization_id: id,
      name: '东莞精工模具厂',
      name_en: 'Dongguan Precision Mould Works',
      country_id: countries.get('CHN'),
      contact: '林工 Lin',
      phone: '+86 769 8555 1234',
    });
  }

  const categoryIds = new Map<string, number>();
  for (const [name, nameEn, parent] of demo.categories as [string, string, string | null][])
    categoryIds.set(
      nameEn,
      await insert('product_categories', {
        name,
        name_en: nameEn,
        parent_id: parent ? categoryIds.get(parent) : null,
        display_order: categoryIds.size,
      }),
    );

  const templates = demo.products as [string, string, string, string, number, number, number, number][];
  for (const [index, organizationId] of organizationIds.entries())
    for (let k = 0; k < (index % 2 ? 2 : 3); k++) {
      const [nameCn, nameEn, hs, category, chargeUnit, hazardous, quantityUnit, price] =
        templates[(index * 5 + k * 7) % templates.length];
      const productId = await insert('products', {
        organization_id: organizationId,
        category_id: categoryIds.get(category),
        short_name: nameEn.split(' ').slice(0, 2).join(' '),
        name_cn: nameCn,
        name_en: nameEn,
        hs_code_cn: hs,
        hs_code_dest: hs.slice(0, 8),
        additional_duty_rate: hs.startsWith('85') ? 25 : 7.5,
        charge_unit: chargeUnit,
        hazardous_class: hazardous,
        declare_elements: `品牌：无 | 用途：${nameCn} | Brand: none`,
        warehouse_status: 0,
      });
      for (const [s, pieces] of [
        [0, 20],
        [1, 50],
      ]) {
        const unitPrice = (price * (s ? 0.95 : 1)).toFixed(2);
        await insert('skus', {
          product_id: productId,
          organization_id: organizationId,
          title: `${nameEn} - ${pieces} pcs/carton`,
          quantity: pieces,
          quantity_unit: quantityUnit,
          packing_type: 2,
          net_weight: pieces * 0.4,
          gross_weight: pieces * 0.45,
          pallet_amount: s + 1,
          count: 100 * (s + 1),
          unit_price: unitPrice,
          price_type: 1,
          currency: 2,
          total_price: (Number(unitPrice) * 100 * (s + 1)).toFixed(2),
          warehouse_status: 0,
        });
      }
      await insert('packings', {
        product_id: productId,
        title: 'Export carton 出口纸箱',
        pieces: 20,
        pieces_per_pallet: 40,
        packing_quantity: 20,
        weight_per_pallet: 380,
      });
      await insert('taxes', {
        product_id: productId,
        origin_country_id: countries.get('CHN'),
        importing_country_id: countries.get(index % 3 ? 'USA' : 'DEU'),
        hs_code: hs,
        duty_rate: 3.5,
        vat_rate: index % 3 ? 0 : 19,
        additional_duty_rate: hs.startsWith('85') ? 25 : 7.5,
      });
    }
  return organizationIds;
}
