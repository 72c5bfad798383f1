// A part of a translation file (client/build/locale-parts.ts): its top-level groups, by name.
declare module '*.json?part=first' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module '*.json?part=rest' {
  const strings: Record<string, unknown>;
  export default strings;
}
