/**
 * The JSON Schema dialect of declarations (schemas/<name>.json): a field and an entity, with the
 * `x-` keywords the engine reads. Apart from resource.ts so that what a declaration names (its
 * workflow, its import) can speak of fields without importing the declaration itself.
 */

type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';

export interface FieldSchema {
  /** With null: a value inside an answer's array of objects (a derived field's rows) that may be empty. */
  type: FieldType | (FieldType | 'null')[];
  title?: string;
  /** What the field means to an API client (an action's input): the OpenAPI document shows it. */
  description?: string;
  /** An answer's field kept under a name the API published before its consistent one. */
  deprecated?: boolean;
  /** `time-zone`: an IANA zone name the runtime knows (src/domain/time-zone.ts). */
  format?: 'date' | 'date-time' | 'email' | 'uri' | 'time-zone';
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  readOnly?: boolean;
  /** Accepted on writes, never stored as is nor returned (a password: the server hook hashes it). */
  writeOnly?: boolean;
  items?: FieldSchema;
  /** Enumeration whose labels live under `enums.<name>.<code>` in locales/. */
  'x-enum'?: string;
  /**
   * The tag colour of each value of a status-like enum: in progress, done, cancelled, failed. A state
   * machine's field has none: its states declare their tones. Without either, 1 reads as valid
   * (green) and 0 as invalid (grey).
   */
  'x-tones'?: Record<string, 'default' | 'processing' | 'success' | 'error' | 'warning'>;
  /** Lookup to another resource: the column stores its id (or its `x-refKey` field, e.g. a role name). */
  'x-ref'?: string;
  'x-refKey'?: string;
  /**
   * A lookup copying the reference of the record the named field points at (a count line's SKU
   * and customer are its lot's): read, filtered and labelled like any `x-ref`, with no foreign key
   * of its own, since the record it copies holds that one. A count's start writes 100,000 lines
   * in one statement, where each foreign key checked every row again (engine/sync.ts).
   */
  'x-refOf'?: string;
  /**
   * Lines written with the record (an inbound's products): an array of objects the workflow stores
   * as child rows; an edit form loads them from the relation of this name.
   */
  'x-lines'?: string;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  additionalProperties?: boolean;
  /** A lookup narrowed by another field's value: a port select follows the chosen country. */
  'x-dependsOn'?: string;
  maxItems?: number;
  /** Translation keys replacing the generic message of a rule, e.g. { required: 'validation.hsCode' }. */
  'x-messages'?: Record<string, string>;
  /** Amount in the currency held by the named field: 2 decimals and the currency label. */
  'x-money'?: string;
  /**
   * A value computed by SQL on read (over the row alias `t`), never stored: days in warehouse,
   * available stock, inventory value. Filters and sorts use the same expression. `$now` in it is the
   * app's clock (src/server/db/clock.ts), which a test can set, where now() could not be.
   */
  'x-sql'?: string;
  /** Summed in list footers (SPEC 5: other columns show '-'; money is summed per currency). */
  'x-sum'?: boolean;
  /** Unit shown after the value: kg, %, m³. */
  'x-unit'?: string;
  /** A widget other than the type's default: 'image' uploads through /oss. */
  'x-widget'?: 'image' | 'file';
  /** A file's field of the same record holding the name it was uploaded under, shown and downloaded as. */
  'x-fileName'?: string;
  /** Unique across the table: a duplicate is a field error, not a 500. */
  'x-unique'?: boolean;
  /**
   * Set when the record is made and fixed after (a bill's customer, warehouse and period: a change
   * is another bill): shown disabled on the edit form, refused by every update (changedFixedFields).
   */
  'x-fixed'?: boolean;
  /**
   * Read only by callers holding the resource's button right of this name (a count line's expected
   * pieces: `inventories.counts.expected`). Anyone else reads null, and a list refuses to filter,
   * sort or search by it as by a field it does not know, so a blind counter cannot learn it by
   * narrowing a list either (engine/withheld.ts).
   */
  'x-right'?: string;
  /**
   * Required of a client, yet empty in rows the server makes itself (an expense an event charged
   * has no reason, a minimum-charge bill line no description): answers type it nullable.
   */
  'x-emptyWhenGenerated'?: boolean;
  /** Shown as a list column unless the user hides it (default true). */
  'x-list'?: boolean;
  /** Shown on the detail page (default true); false for a key another field already names there. */
  'x-detail'?: boolean;
  /** Offered as a filter on the list page: equality or a from/to range. */
  'x-filter'?: 'eq' | 'range';
  /** Long text: a textarea in forms, not a list column. */
  'x-multiline'?: boolean;
  /** An action's input stored without its surrounding blanks (workflow.ts trimmedText). */
  'x-trim'?: boolean;
  /** A list of words typed freely, the form suggesting those of a named source (a webhook's events). */
  'x-suggest'?: 'eventTypes';
  /**
   * The form section the field belongs to, labelled by `<resource>.groups.<name>`:
   * a long form is cut into titled sections in the order their first field appears.
   */
  'x-group'?: string;
  /** A lookup narrowed to records with these field values (trucking companies: partnerType 3). */
  'x-refFilter'?: Record<string, string | number>;
  /**
   * A line's lookup whose options are another resource's rows matching fields of the form, each
   * with a figure beside it: an outbound's SKUs from the inventory of its customer and warehouse,
   * with the pieces available.
   */
  'x-available'?: { resource: string; match: string[]; field: string };
  /** The value is a resource's name (the audit trail's entity): shown as that resource's title. */
  'x-resource'?: boolean;
  /**
   * A lookup to a record of the resource the named field of the same row holds (the audit trail's
   * record, of its entity): shown as that record's name, a link to its detail screen.
   */
  'x-refBy'?: string;
  /** An action of the resource the named field holds: shown with its button's words. */
  'x-actionOf'?: string;
  /**
   * A snapshot of some fields of a record of the resource the named field holds (an audit row's
   * before or after): shown as its fields' labels and values, beside the other side on the detail.
   */
  'x-changesOf'?: string;
}

export interface EntitySchema {
  $id: string;
  type: 'object';
  title?: string;
  properties: Record<string, FieldSchema>;
  required?: string[];
  additionalProperties?: boolean;
}
