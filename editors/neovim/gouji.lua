-- Gouji rule files (*.gouji) in Neovim, with the gouji-dsl language server (`gouji lsp`, over stdio).
-- Copy this file to ~/.config/nvim/plugin/gouji.lua (or paste it into init.lua). Neovim 0.8 or later;
-- on 0.11 and later it uses vim.lsp.config / vim.lsp.enable, before that vim.lsp.start on FileType.
-- `gouji lsp` must run in a terminal (python3 -m pip install gouji-dsl); for a virtual environment
-- not on PATH, put its gouji in `cmd`: { "/path/to/venv/bin/gouji", "lsp" }.

vim.filetype.add({ extension = { gouji = "gouji" } })

if vim.fn.has("nvim-0.8") == 0 then
  vim.notify("gouji.lua: the Gouji language server needs Neovim 0.8 or later", vim.log.levels.WARN)
  return
end

local cmd = { "gouji", "lsp" }

-- A house rule extends rule files next to it: the folder of the repository (.git) or of the file.
local root_markers = { ".git" }

vim.api.nvim_create_autocmd("FileType", {
  pattern = "gouji",
  group = vim.api.nvim_create_augroup("gouji", { clear = true }),
  callback = function(args)
    vim.bo[args.buf].commentstring = "# %s"
    if vim.fn.has("nvim-0.11") == 1 then
      return -- vim.lsp.enable below starts the server
    end
    local file = vim.api.nvim_buf_get_name(args.buf)
    local marker = vim.fs.find(root_markers, { upward = true, path = vim.fs.dirname(file) })[1]
    vim.lsp.start({
      name = "gouji",
      cmd = cmd,
      root_dir = marker and vim.fs.dirname(marker) or vim.fs.dirname(file),
    })
  end,
})

if vim.fn.has("nvim-0.11") == 1 then
  vim.lsp.config("gouji", { cmd = cmd, filetypes = { "gouji" }, root_markers = root_markers })
  vim.lsp.enable("gouji")
end

-- :GoujiEffectiveRules: the rules of this file after inheritance, each with the variant and the
-- file:line that set it (the server's gouji/effectiveRules request), in a scratch window.
vim.api.nvim_create_user_command("GoujiEffectiveRules", function()
  local params = { textDocument = { uri = vim.uri_from_bufnr(0) } }
  vim.lsp.buf_request(0, "gouji/effectiveRules", params, function(err, result)
    if err or not result then
      vim.notify("gouji/effectiveRules: " .. (err and err.message or "no answer"), vim.log.levels.ERROR)
      return
    end
    local lines = { result.variant .. ": " .. table.concat(result.lineage, " -> ") }
    for _, rule in ipairs(result.rules) do
      local where = "default"
      if rule.line > 0 and type(rule.file) == "string" then -- a file:// URI
        where = vim.fn.fnamemodify(vim.uri_to_fname(rule.file), ":~:.") .. ":" .. rule.line
      end
      local value = type(rule.value) == "string" and rule.value or vim.inspect(rule.value)
      lines[#lines + 1] = string.format("[%s] %s = %s    (%s, %s)", rule.section, rule.rule, value, rule.set_in, where)
    end
    vim.cmd("new")
    vim.bo.buftype, vim.bo.bufhidden, vim.bo.swapfile = "nofile", "wipe", false
    vim.api.nvim_buf_set_lines(0, 0, -1, false, lines)
    vim.bo.modifiable = false
  end)
end, { desc = "The rules of this Gouji file after inheritance, and where each was set" })

-- Keys, in a Gouji buffer (Neovim 0.10+ maps K to hover itself, 0.11+ also grn, gra, grr, gO, ...).
vim.api.nvim_create_autocmd("LspAttach", {
  group = vim.api.nvim_create_augroup("gouji-keys", { clear = true }),
  callback = function(args)
    if vim.bo[args.buf].filetype ~= "gouji" then
      return
    end
    local function map(lhs, fn, desc)
      vim.keymap.set("n", lhs, fn, { buffer = args.buf, desc = desc })
    end
    map("gd", vim.lsp.buf.definition, "Go to the definition (a rule, or the variant extended)")
    map("K", vim.lsp.buf.hover, "What this rule is, and its value here")
    map("<leader>ca", vim.lsp.buf.code_action, "Quick fixes, add a missing rule, Chinese/English names")
    map("<leader>f", function() vim.lsp.buf.format({ async = true }) end, "Format the file")
  end,
})
