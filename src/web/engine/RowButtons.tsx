import { Suspense, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { Space } from 'antd';
import type { ResourceDef } from '../../domain/resource';
import { RowButtonsWatch } from './column-layout';
import { useExtensions } from './detail-extensions';

/**
 * A row's buttons on one line, after those the composition root registered for its resource (an
 * attempt's send again, loaded when first shown): alike beside a list's rows and a relation tab's.
 * Their table watches how wide they are drawn, so its column gives them the room (useRowButtonsRoom).
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
  const watch = useContext(RowButtonsWatch);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => (watch && ref.current ? watch(ref.current) : undefined), [watch]);
  return (
    <Space ref={ref} size="small" style={{ whiteSpace: 'nowrap' }}>
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
