// The build script of every scheduler crate (scheds/*/Cargo.toml: build = "../../lib/build_sched.rs"):
// builds its BPF side (src/bpf/main.bpf.c), the skeleton and the bindings of src/bpf/intf.h.
fn main() {
    // Shared BPF headers of the project (lib/bpf); cargo rebuilds when one changes.
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../../lib/bpf");
    println!("cargo:rerun-if-changed={shared}");
    for entry in std::fs::read_dir(shared).expect("lib/bpf") {
        println!("cargo:rerun-if-changed={}", entry.unwrap().path().display());
    }

    scx_cargo::BpfBuilder::new()
        .unwrap()
        .add_include_path(shared)
        .enable_intf("src/bpf/intf.h", "bpf_intf.rs")
        .enable_skel("src/bpf/main.bpf.c", "bpf")
        .build()
        .unwrap();
}
