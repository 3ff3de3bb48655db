// Where a CLI command writes: injectable so commands can be tested in-process.
export interface CliIo {
  out: (s: string) => void;
  err: (s: string) => void;
}
