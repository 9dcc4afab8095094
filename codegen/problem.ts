/** One thing wrong with one config file, printed as `file  /json/pointer  message`. */
export interface Problem {
  /** Path of the file relative to the project root, with forward slashes ("networks/avalanche.json"). */
  readonly file: string;
  /** JSON pointer into the file ("" for the whole file). */
  readonly pointer: string;
  /** What is wrong and what is expected. */
  readonly message: string;
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}  ${problem.pointer || "/"}  ${problem.message}`;
}

/** Groups problems by file (files in name order), keeping the order they were found in within a file; drops repeats. */
export function orderProblems(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  const unique = problems.filter((problem) => {
    const key = formatProblem(problem);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => (a.problem.file < b.problem.file ? -1 : a.problem.file > b.problem.file ? 1 : a.index - b.index))
    .map(({ problem }) => problem);
}
