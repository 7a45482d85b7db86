#compdef pz
# pz completion for zsh. Save it as _pz in a directory of $fpath, or load it in ~/.zshrc (after
# compinit) with `source <(pz completion zsh)`. pz works out the candidates from the line and cursor.
_pz() {
    local -a candidates
    candidates=("${(@f)$(pz "[suggest:${CURSOR}]" "${BUFFER}" 2>/dev/null)}")
    candidates=(${candidates:#})
    if (( ${#candidates} )); then
        compadd -Q -- "${candidates[@]}"
    else
        _files
    fi
}
if [[ ${funcstack[1]} == _pz ]]; then
    _pz "$@"
else
    compdef _pz pz
fi
