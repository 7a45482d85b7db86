# pz completion for fish. Save it as ~/.config/fish/completions/pz.fish, or load it with
# `pz completion fish | source`. pz works out the candidates from the line so far; when it has
# none (a path is expected), fish offers file names.
function __pz_complete
    set -l line (commandline -cp)
    set -l candidates (pz "[suggest:"(string length -- "$line")"]" "$line" 2>/dev/null)
    if set -q candidates[1]
        printf '%s\n' $candidates
    else
        __fish_complete_path (commandline -ct)
    end
end
complete -c pz -f -a '(__pz_complete)'
