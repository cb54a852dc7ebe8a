# The first cell of every course notebook, for Google Colab (the lead adds it to each notebook).
# In Colab it installs the course's package gamelib (and Graphviz's `dot` when it is missing)
# and turns on Colab's support for ipywidgets; anywhere else (JupyterLab, VS Code, the
# website's build, the tests) it does nothing. REPOSITORY must be the course's public
# repository: the same URL as COURSE_REPOSITORY_URL of the website's launch buttons.
import sys

if "google.colab" in sys.modules:
    import shutil
    import subprocess

    REPOSITORY = "https://github.com/YOUR-ACCOUNT/game-tree-search"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", f"gamelib @ git+{REPOSITORY}"],
        check=True,
    )
    if shutil.which("dot") is None:
        subprocess.run(["apt-get", "install", "-y", "-qq", "graphviz"], check=True)
    from google.colab import output  # type: ignore[import-not-found]

    output.enable_custom_widget_manager()
