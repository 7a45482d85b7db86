# pz completion for PowerShell. Add `pz completion pwsh | Out-String | Invoke-Expression` to $PROFILE.
# pz works out the candidates from the line up to the cursor.
Register-ArgumentCompleter -Native -CommandName pz -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    $line = $commandAst.ToString()
    $cursor = $cursorPosition - $commandAst.Extent.StartOffset
    $line = if ($cursor -lt $line.Length) { $line.Substring(0, $cursor) } else { $line.PadRight($cursor) }
    pz "[suggest:$cursor]" $line 2>$null | ForEach-Object {
        [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
    }
}
