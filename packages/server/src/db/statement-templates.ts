import { randomUUID } from 'node:crypto';
import type { CompiledQuery } from 'kysely';

/** A statement as compiled for one value, and how to read its answer (which must not depend on the value). */
export interface Built<R> { compiled: CompiledQuery<unknown>; read: R }

interface Template<R> { compiled: CompiledQuery<unknown>; slots: number[]; read: R }

/**
 * Statements built and compiled once per shape instead of at every call. Building the working
 * state's statement with Kysely and compiling it to SQL cost a fifth of that answer's server CPU under
 * load, though from one participant to the next only the id changes.
 *
 * A template is built for a placeholder value (a random UUID, so it passes the checks an id passes),
 * compiled, and the placeholder's places among the parameters are noted; each call puts its own value
 * there. `shape` must name everything else that changes the statement (the caller's organisation, its
 * roles where building checks them). Building refuses a statement that uses the value other than as
 * a whole parameter (inside a longer string, an array, the SQL text) or not at all, as the template
 * could not carry it.
 */
export class StatementTemplates<R> {
  private readonly templates = new Map<string, Template<R>>();

  constructor(private readonly maxShapes = 256) {}

  /** The statement for `value`, and its reader; `build` is called only for a shape not seen yet. */
  get(shape: string, value: string, build: (value: string) => Built<R>): { query: CompiledQuery<unknown>; read: R } {
    let template = this.templates.get(shape);
    if (!template) {
      template = compileTemplate(build);
      if (this.templates.size >= this.maxShapes) this.templates.clear();
      this.templates.set(shape, template);
    }
    const parameters = [...template.compiled.parameters];
    for (const slot of template.slots) parameters[slot] = value;
    return { query: { ...template.compiled, parameters }, read: template.read };
  }
}

function compileTemplate<R>(build: (value: string) => Built<R>): Template<R> {
  const placeholder = randomUUID();
  const { compiled, read } = build(placeholder);
  const slots: number[] = [];
  compiled.parameters.forEach((parameter, index) => {
    if (parameter === placeholder) slots.push(index);
    else if (mentions(parameter, placeholder)) throw new Error(`Statement template: parameter ${index + 1} holds the value inside another`);
  });
  if (compiled.sql.includes(placeholder)) throw new Error('Statement template: the value is in the SQL text');
  if (!slots.length) throw new Error('Statement template: the statement does not use its value');
  return { compiled, slots, read };
}

function mentions(parameter: unknown, placeholder: string): boolean {
  if (typeof parameter === 'string') return parameter.includes(placeholder);
  if (Array.isArray(parameter)) return parameter.some((item) => mentions(item, placeholder));
  if (parameter && typeof parameter === 'object' && !(parameter instanceof Date) && !Buffer.isBuffer(parameter)) {
    return Object.values(parameter).some((item) => mentions(item, placeholder));
  }
  return false;
}
