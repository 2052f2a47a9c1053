/**
 * The "Variable values" box of the call form: one `name=value` per line, sent as the call's
 * assistantOverrides.variableValues (the agent's prompt reads them as {{name}}).
 */
export function parseVariableValues(
  text: string,
): { values: Record<string, string> } | { error: string } {
  const values: Record<string, string> = {};
  const lines = text.split('\n').map((line) => line.trim());
  for (const [index, line] of lines.entries()) {
    if (line === '') continue;
    const at = line.indexOf('=');
    const name = at < 0 ? '' : line.slice(0, at).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      return { error: `Line ${index + 1}: write name=value, the name in letters, digits and _.` };
    }
    values[name] = line.slice(at + 1).trim();
  }
  return { values };
}
