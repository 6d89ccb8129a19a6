declare module 'jstat' {
  const jstat: { jStat: { studentt: { cdf(x: number, dof: number): number } } };
  export default jstat;
}
