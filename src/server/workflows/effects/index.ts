import type { Effects } from '../../engine/transition';
import { cancelBill, issueBill, payBill, regenerateBill } from './bills';
import { approveCount, cancelCount, rejectCount, startCount, submitCount } from './counts';
import { acceptDispute, rejectDispute } from './disputes';
import { dispatchDelivery, failDelivery, redispatchDelivery, signDelivery } from './deliveries';
import { voidExpense } from './expenses';
import { cancelInbound, confirmInbound, submitInbound } from './inbound';
import { disposeLot, releaseLot } from './lot-holds';
import { approveOrder, cancelOrder, rejectOrder, submitOrder } from './orders';
import { cancelOutbound, confirmOutbound, releaseOutbound, reserveOutbound } from './outbound';
import { attachPod } from './pod';
import { receiveReturn, rejectReturn, submitReturn } from './returns';
import { copyShipment, receiveShipment } from './shipments';

/**
 * The server effects the declared actions name (`effect` in a resource's state machine): what an
 * action does inside its transaction beyond moving the state. The engine refuses to start when a
 * declaration names one missing here.
 */
export const effects: Effects = {
  submitInbound,
  confirmInbound,
  cancelInbound,
  reserveOutbound,
  releaseOutbound,
  confirmOutbound,
  cancelOutbound,
  attachPod,
  submitOrder,
  approveOrder,
  rejectOrder,
  cancelOrder,
  dispatchDelivery,
  signDelivery,
  failDelivery,
  redispatchDelivery,
  regenerateBill,
  issueBill,
  payBill,
  cancelBill,
  voidExpense,
  acceptDispute,
  rejectDispute,
  copyShipment,
  receiveShipment,
  startCount,
  submitCount,
  approveCount,
  rejectCount,
  cancelCount,
  submitReturn,
  rejectReturn,
  receiveReturn,
  releaseLot,
  disposeLot,
};
