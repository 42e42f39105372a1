import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { isValidBarcode } from '../../src/domain/barcode';
import { isValidContainerNo } from '../../src/domain/container';
import { isTimeZone } from '../../src/domain/time-zone';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, object> } };

/**
 * Checks real answers against the published OpenAPI document: the API tests send every reply of
 * `call()` through it, so an answer that drifts from the contract (a null where it says string, a
 * missing field) fails CI where it happens.
 */
export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly routes: { method: string; pattern: RegExp; literal: number; operation: Operation }[] = [];
  private readonly compiled = new Map<object, ValidateFunction>();

  constructor(document: Document) {
    addFormats(this.ajv);
    this.ajv.addFormat('barcode', isValidBarcode);
    this.ajv.addFormat('container-no', isValidContainerNo);
    this.ajv.addFormat('time-zone', isTimeZone);
    this.ajv.addSchema({ components: document.components ?? {} }, 'doc');
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
        this.routes.push({
          method: method.toUpperCase(),
          pattern,
          literal: path.replace(/\{[^}]+\}/g, '').length,
          operation,
        });
      }
    // Literal segments win over parameters: /orders/cart is not /orders/{id}.
    this.routes.sort((a, b) => b.literal - a.literal);
  }

  /** The problems of one answer, or [] when it conforms (or the route answers a file, not JSON). */
  problems(method: string, path: string, status: number, body: unknown): string[] {
    const route = this.routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
    // An unknown route is the 404 envelope, nothing else.
    if (!route)
      return status === 404 && (body as { code?: number })?.code === 40401
        ? []
        : [`${method} ${path} is not in the document`];
    const response = route.operation.responses?.[String(status)] ?? route.operation.responses?.default;
    const schema = response?.content?.['application/json']?.schema;
    if (!schema) return response ? [] : [`${method} ${path} documents no answer for ${status}`];
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(this.rebase(schema));
      this.compiled.set(schema, validate);
    }
    return validate(body)
      ? []
      : (validate.errors ?? [])
          .slice(0, 5)
          .map((e) => `${method} ${path} ${status}: ${e.instancePath || '/'} ${e.message}`);
  }

  /** Component references point into the document registered as 'doc'. */
  private rebase(schema: object): object {
    return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/'));
  }
}
