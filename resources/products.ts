import type { EntitySchema } from '../src/domain/resource';
import schema from '../schemas/products.json';
import { resource } from './names';

export const products = resource({
  name: 'products',
  area: 'products',
  schema: schema as EntitySchema,
  routes: { create: 'add' },
  menu: { icon: 'ShoppingOutlined', order: 1 },
  search: ['shortName', 'nameCn', 'nameEn', 'hsCodeCn'],
  sort: '-id',
  label: 'shortName',
  columns: ['shortName', 'organizationId', 'categoryId', 'hsCodeCn', 'chargeUnit', 'hazardousClass', 'warehouseStatus'],
  actions: ['create', 'edit', 'delete', 'export'],
  tenant: 'organizationId',
  relations: {
    skus: { resource: 'skus', foreignKey: 'productId' },
    packings: { resource: 'packings', foreignKey: 'productId' },
    taxes: { resource: 'taxes', foreignKey: 'productId' },
  },
  import: {
    key: ['organizationId', 'shortName'],
    lookups: { organizationId: ['organizationCode'], categoryId: ['name', 'nameEn'] },
    example: {
      organizationId: 'HD001',
      shortName: 'TEA-01',
      nameCn: '绿茶',
      nameEn: 'Green tea',
      hsCodeCn: '0902101000',
      chargeUnit: 1,
      hazardousClass: 0,
    },
    children: [
      {
        resource: 'skus',
        key: ['title'],
        example: {
          title: 'Green tea 250 g',
          quantity: 1,
          quantityUnit: 1,
          packingType: 1,
          unitPrice: 12.5,
          currency: 1,
          priceType: 1,
        },
      },
      { resource: 'packings', key: ['title'], example: { title: 'Carton of 24', pieces: 24, piecesPerPallet: 40 } },
      {
        resource: 'taxes',
        key: ['importingCountryId'],
        lookups: { originCountryId: ['locale', 'code'], importingCountryId: ['locale', 'code'] },
        example: { originCountryId: 'CN', importingCountryId: 'US', hsCode: '0902101000', dutyRate: 6.4 },
      },
    ],
  },
});
