import type { DetailExtensionProps } from '../../engine/detail-extensions';
import { AddToCart } from './AddToCart';

/** The catalogue list's row control: add that SKU of that warehouse to the cart. */
const AddToCartRow = ({ record }: DetailExtensionProps) => <AddToCart record={record} compact />;

export default AddToCartRow;
