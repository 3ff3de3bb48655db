// A tool call that cannot be answered: bad input, a path outside the roots,
// text that does not parse for `format`. The server turns it into a tool
// error (`isError`) whose text is this one line.

export class ToolFailure extends Error {
  constructor(message: string) {
    // One line, whatever a caller passed in.
    super(message.replace(/\s*[\r\n]+\s*/g, ' ').slice(0, 500));
    this.name = 'ToolFailure';
  }
}
