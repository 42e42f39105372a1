import { Suspense, type ReactNode } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { Space } from 'antd';
import type { ResourceDef } from '../../domain/resource';
import { useExtensions } from './detail-extensions';

/**
 * A row's buttons on one line, after those the composition root registered for its resource (an
 * attempt's send again, loaded when first shown): alike beside a list's rows and a relation tab's.
 */
export const RowButtons = ({
  def,
  record,
  children,
}: {
  def: ResourceDef;
  record: BaseRecord;
  children: ReactNode;
}) => {
  const Extra = useExtensions().row[def.name];
  return (
    <Space size="small" style={{ whiteSpace: 'nowrap' }}>
      {/* A registered one only: Space would keep an empty slot, and its gap, for a component that renders nothing. */}
      {Extra && (
        <Suspense fallback={null}>
          <Extra def={def} record={record} />
        </Suspense>
      )}
      {children}
    </Space>
  );
};
