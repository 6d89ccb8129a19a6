import { randomUUID } from 'node:crypto';
import type { CompiledQuery } from 'kysely';

/** A statement as compiled for some values, and how to read its answer (which must not depend on the values). */
export interface Built<R> { compiled: CompiledQuery<unknown>; read: R }

/** A value a template carries: a text, a number, or a list of texts bound as one array parameter. */
export type TemplateValue = string | number | readonly string[];

/** `slots[i]`: the index of the value parameter i carries, or -1 for a parameter of the statement's own. */
interface Template<R> { compiled: CompiledQuery<unknown>; slots: number[]; read: R }

/**
 * Statements built and compiled once per shape instead of at every call. Building the working
 * state's statement with Kysely and compiling it to SQL cost a fifth of that answer's server CPU under
 * load, though from one participant to the next only the id changes.
 *
 * A template is built for placeholder values of the same kinds (a random UUID for a text, so it passes
 * the checks an id passes; an unlikely integer for a number; a list of one random UUID for a list),
 * compiled, and each placeholder's places among the parameters are noted; each call puts its own
 * values there. `shape` must name everything else that changes the statement (the number of values,
 * the caller's organisation, its roles where building checks them). Building refuses a statement that
 * uses a value other than as a whole parameter (inside a longer string or an array, in the SQL text)
 * or not at all, as the template could not carry it.
 */
export class StatementTemplates<R> {
  private readonly templates = new Map<string, Template<R>>();

  constructor(private readonly maxShapes = 256) {}

  /** The statement for `values`, and its reader; `build` is called only for a shape not seen yet. */
  get<const V extends readonly TemplateValue[]>(shape: string, values: V, build: (values: V) => Built<R>): { query: CompiledQuery<unknown>; read: R } {
    let template = this.templates.get(shape);
    if (!template) {
      template = compileTemplate(values, build);
      if (this.templates.size >= this.maxShapes) this.templates.clear();
      this.templates.set(shape, template);
    }
    const parameters = [...template.compiled.parameters];
    template.slots.forEach((at, index) => {
      if (at >= 0) parameters[index] = values[at];
    });
    return { query: { ...template.compiled, parameters }, read: template.read };
  }
}

let nextNumber = 0;
// Far above any count, offset or row id the statements see, and distinct within a template.
const placeholderNumber = () => Number.MAX_SAFE_INTEGER - (nextNumber++ % 1_000_000);

const placeholderFor = (value: TemplateValue): TemplateValue =>
  typeof value === 'string' ? randomUUID() : typeof value === 'number' ? placeholderNumber() : [randomUUID()];

function compileTemplate<V extends readonly TemplateValue[], R>(values: V, build: (values: V) => Built<R>): Template<R> {
  const placeholders = values.map(placeholderFor) as unknown as V;
  const { compiled, read } = build(placeholders);
  // Texts and numbers are found by value, lists by identity (the parameter is the list itself).
  const slots = compiled.parameters.map((parameter, index) => {
    const at = placeholders.indexOf(parameter as TemplateValue);
    if (at < 0 && placeholders.some((placeholder) => mentions(parameter, placeholder))) {
      throw new Error(`Statement template: parameter ${index + 1} holds a value inside another`);
    }
    return at;
  });
  if (placeholders.some((placeholder) => compiled.sql.includes(String(Array.isArray(placeholder) ? placeholder[0] : placeholder)))) {
    throw new Error('Statement template: a value is in the SQL text');
  }
  if (placeholders.some((_, at) => !slots.includes(at))) throw new Error('Statement template: the statement does not use one of its values');
  return { compiled, slots, read };
}

function mentions(parameter: unknown, placeholder: TemplateValue): boolean {
  if (Array.isArray(placeholder)) return mentions(parameter, placeholder[0] as string);
  if (typeof parameter === 'string') return parameter.includes(String(placeholder));
  if (typeof parameter === 'number') return parameter === placeholder;
  if (Array.isArray(parameter)) return parameter.some((item) => mentions(item, placeholder));
  if (parameter && typeof parameter === 'object' && !(parameter instanceof Date) && !Buffer.isBuffer(parameter)) {
    return Object.values(parameter).some((item) => mentions(item, placeholder));
  }
  return false;
}
