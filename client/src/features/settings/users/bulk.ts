/** Runs one call per id, one after another (plan limits are checked per call), collecting failures. */
export async function eachInTurn(ids: readonly number[], run: (id: number) => Promise<unknown>) {
  const done: number[] = [];
  const failed: { id: number; error: unknown }[] = [];
  for (const id of ids) {
    try {
      await run(id);
      done.push(id);
    } catch (error) {
      failed.push({ id, error });
    }
  }
  return { done, failed };
}

/** Bulk actions never touch the person doing them (spec 3 section 5). */
export const includesSelf = (ids: Iterable<number>, selfId: number | null | undefined): boolean =>
  selfId !== null && selfId !== undefined && [...ids].includes(selfId);
