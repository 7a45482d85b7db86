# pz completion for bash. Load it in ~/.bashrc with `source <(pz completion bash)`, or save it as
# /etc/bash_completion.d/pz. pz itself works out the candidates from the line and the cursor.
_pz_complete() {
    local IFS=$'\n'
    COMPREPLY=($(pz "[suggest:${COMP_POINT}]" "${COMP_LINE}" 2>/dev/null))
    # bash completes only the part of a word after its last ':' or '=' (COMP_WORDBREAKS), so hand
    # back candidates without what comes before it (tag:, source:, --log-format=).
    local line=${COMP_LINE:0:COMP_POINT}
    local word=${line##*[[:space:]]}
    local before=${word%"${word##*[:=]}"}
    if [[ -n $before && $COMP_WORDBREAKS == *"${before: -1}"* ]]; then
        COMPREPLY=("${COMPREPLY[@]#"$before"}")
    fi
}
complete -o default -F _pz_complete pz
