/**
 * A closed list of choices written once, with the words screens show for each: the keys of
 * `labels`, in their order, are the choices (as a zod enum takes them).
 */
export const choicesOf = <Choice extends string>(labels: Record<Choice, string>) =>
  Object.keys(labels) as [Choice, ...Choice[]];
