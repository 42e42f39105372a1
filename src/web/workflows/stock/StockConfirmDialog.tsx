import type { ActionDialogProps } from '../../engine/detail-extensions';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * An inbound's or outbound's confirm (`dialog: 'stockConfirm'`): the day the goods moved starts at
 * today in the warehouse's own time zone, which a schema's default cannot say.
 */
const StockConfirmDialog = ({ def, record, run, onClose }: ActionDialogProps) => {
  const kind = def.name as 'inbounds' | 'outbounds';
  return (
    <ConfirmDialog
      kind={kind}
      warehouseId={record.warehouseId as number}
      open
      onCancel={onClose}
      onConfirm={(date) => run(kind === 'inbounds' ? { inboundDate: date } : { actualDate: date })}
    />
  );
};

export default StockConfirmDialog;
