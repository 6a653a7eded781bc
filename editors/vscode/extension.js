// The Gouji rule files extension: starts `gouji lsp` (the setting gouji.server.command) over
// stdio for every *.gouji file, with vscode-languageclient. Highlighting is the TextMate grammar
// (syntaxes/gouji.tmLanguage.json); everything else comes from the server.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

function serverCommand() {
  const configured = vscode.workspace.getConfiguration('gouji').get('server.command');
  const command = Array.isArray(configured) && configured.length > 0 ? configured.map(String) : ['gouji', 'lsp'];
  return { command: command[0], args: command.slice(1) };
}

async function startClient() {
  const { command, args } = serverCommand();
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  // An executable's default transport is stdio: the server reads stdin and writes stdout.
  const serverOptions = { command, args, options: folder ? { cwd: folder } : {} };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'gouji' },
      { scheme: 'untitled', language: 'gouji' },
    ],
  };
  client = new LanguageClient('gouji', 'Gouji language server', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    const shown = [command, ...args].join(' ');
    vscode.window.showErrorMessage(
      `The Gouji language server (${shown}) did not start: ${error?.message ?? error}. ` +
      'Install gouji-dsl (python3 -m pip install gouji-dsl) or set gouji.server.command.');
  }
}

async function stopClient() {
  if (client) {
    const stopping = client;
    client = undefined;
    try {
      await stopping.stop();
    } catch {
      // a server that never started, or has exited already: nothing to stop
    }
  }
}

// `gouji/effectiveRules`: the rules of the file after inheritance, each with where it was set.
async function showEffectiveRules() {
  const editor = vscode.window.activeTextEditor;
  if (!client || !editor || editor.document.languageId !== 'gouji') {
    vscode.window.showInformationMessage('Open a .gouji file first.');
    return;
  }
  const result = await client.sendRequest('gouji/effectiveRules',
    { textDocument: { uri: editor.document.uri.toString() } });
  const lines = [`# ${result.variant}`, '', `lineage: ${result.lineage.join(' → ')}`, ''];
  let section;
  for (const rule of result.rules) {
    if (rule.section !== section) {
      section = rule.section;
      lines.push('', `## [${section}]`, '');
    }
    // rule.file is the file's URI; a default (line 0) has none
    const where = rule.line > 0 && rule.file
      ? `${vscode.workspace.asRelativePath(vscode.Uri.parse(rule.file))}:${rule.line}` : 'default';
    lines.push(`- \`${rule.rule} = ${rule.value}\` (${rule.set_in}, ${where})`);
  }
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: lines.join('\n') + '\n' });
  await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('gouji.restartServer', async () => {
      await stopClient();
      await startClient();
    }),
    vscode.commands.registerCommand('gouji.showEffectiveRules', showEffectiveRules),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('gouji.server.command')) {
        await stopClient();
        await startClient();
      }
    }),
  );
  await startClient();
}

function deactivate() {
  return stopClient();
}

module.exports = { activate, deactivate };
